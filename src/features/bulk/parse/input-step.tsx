import '@mantine/core/styles/Radio.css';
import { Alert, Button, FileButton, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState, type DragEvent } from 'react';
import { useFormats } from '../../../i18n/formats';
import { useBulkMessages } from '../messages';
import {
  parseInputOffMainThread,
  ParserUnavailableError,
  warmParser,
} from './parse-off-main-thread';
import { BULK_ROWS_MAX, type BulkMode, type InputProblem, type ParsedInput } from '../types';

interface InputStepProps {
  mode: BulkMode;
  onModeChange: (mode: BulkMode) => void;
  /** What was pasted, kept by the dialog so going back from the review finds it. */
  text: string;
  onTextChange: (text: string) => void;
  onParsed: (input: ParsedInput) => void;
  onCancel: () => void;
}

/** Problems that leave nothing to review; the others are shown with the review. */
const BLOCKING: ReadonlySet<InputProblem['reason']> = new Set(['empty', 'no-email-column']);

/**
 * The list: pasted from a spreadsheet, or a CSV file picked or dropped on the text field. A file
 * goes straight to the review; it is read and parsed off the main thread, whatever its size.
 */
export function InputStep({
  mode,
  onModeChange,
  text,
  onTextChange,
  onParsed,
  onCancel,
}: InputStepProps) {
  const messages = useBulkMessages();
  const formats = useFormats();
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The parser's code comes as the list is asked for, not at the first "Revisar": a list pasted
  // once the connection has dropped is still read.
  useEffect(warmParser, []);

  async function parse(source: string | ArrayBuffer) {
    setReading(true);
    setError(null);
    try {
      const input = await parseInputOffMainThread(source);
      const blocking = input.problems.find((problem) => BLOCKING.has(problem.reason));
      if (blocking) {
        setError(messages.input.problem(blocking, formats.number.format(BULK_ROWS_MAX)));
      } else {
        onParsed(input);
      }
    } catch (failure) {
      // "Save it again as CSV" only helps where the list itself could not be read.
      setError(
        failure instanceof ParserUnavailableError
          ? messages.input.parserUnavailable
          : messages.input.readFailed,
      );
    } finally {
      setReading(false);
    }
  }

  async function readFile(file: File | null) {
    if (!file) return;
    try {
      await parse(await file.arrayBuffer());
    } catch {
      setError(messages.input.readFailed);
    }
  }

  function drop(event: DragEvent) {
    const file = event.dataTransfer.files[0];
    if (!file) return; // dropped text: the field takes it as usual
    event.preventDefault();
    void readFile(file);
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') setError(messages.input.emptyInput);
        else void parse(text);
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={messages.mode.label}
          value={mode}
          onChange={(value) => onModeChange(value)}
        >
          <Group gap="lg" mt="xs">
            <Radio value="enrol" label={messages.mode.enrol} disabled={reading} />
            <Radio value="remove" label={messages.mode.remove} disabled={reading} />
          </Group>
        </Radio.Group>
        <Textarea
          label={messages.input.pasteLabel}
          description={
            mode === 'enrol'
              ? messages.input.pasteDescription
              : messages.input.removePasteDescription
          }
          value={text}
          onChange={(event) => {
            onTextChange(event.currentTarget.value);
            setError(null);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDrop={drop}
          error={error}
          autosize
          minRows={6}
          maxRows={14}
          spellCheck={false}
          autoComplete="off"
          readOnly={reading}
          data-autofocus
        />
        <Group gap="sm" align="center">
          <Text size="sm">{messages.input.orFile}</Text>
          <FileButton
            onChange={(file) => void readFile(file)}
            accept=".csv,.txt,text/csv,text/plain"
            inputProps={{ 'aria-label': messages.input.pickFile }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconFileTypeCsv aria-hidden size={18} />}
                disabled={reading}
              >
                {messages.input.pickFile}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {messages.input.dropHint}
          </Text>
        </Group>
        {reading && (
          <Alert color="gray" role="status">
            {messages.input.reading}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {messages.input.cancel}
          </Button>
          <Button type="submit" loading={reading}>
            {messages.input.next}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
