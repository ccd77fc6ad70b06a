/**
 * The floor: what the console's stack (same Vite, React and Mantine) gives when used plainly, as
 * its documentation shows. The same header, heading and first 20 turmas from the same API; no
 * sign-in, no features, no tuning beyond the console's CSS approach and brotli copies.
 * `npm run bench:lighthouse` and `bench:cold-load` measure it beside the console and judge the
 * console's figures against it (docs/decisions/005-first-screen-weight.md).
 */
// Only the Mantine styles it uses, one file per component, as the console's first screen takes
// them (src/app/mantine-styles.ts), not all of `@mantine/core/styles.css` (decision 005).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import {
  ActionIcon,
  Button,
  Group,
  MantineProvider,
  Table,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { IconLanguage, IconMoon, IconSearch } from '@tabler/icons-react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Turma {
  id: string;
  name: string;
  countStudents: number;
  createdAt: string;
  updatedAt: string;
}

/** Where the console keeps a remembered token; the benchmark writes it before the load. */
const TOKEN_KEY = 'turmas-admin.token';
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function Floor() {
  const [rows, setRows] = useState<Turma[]>([]);
  const { toggleColorScheme } = useMantineColorScheme();
  useEffect(() => {
    const headers = { Authorization: `Bearer ${localStorage.getItem(TOKEN_KEY) ?? ''}` };
    void fetch('/v1/classe?page=1&pageSize=20&sortBy=name', { headers })
      .then((answer) => answer.json() as Promise<{ data: Turma[] }>)
      .then((body) => setRows(body.data));
  }, []);
  return (
    <>
      <header style={{ height: 56, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group h="100%" px="md" justify="space-between">
          <Text fw={700} size="lg">
            Turmas Admin
          </Text>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconLanguage size={18} />}>
              English
            </Button>
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label="Usar tema escuro"
              onClick={toggleColorScheme}
            >
              <IconMoon size={18} />
            </ActionIcon>
          </Group>
        </Group>
      </header>
      <main style={{ padding: 'var(--mantine-spacing-md)' }}>
        <Title order={1} mb="md">
          Turmas
        </Title>
        <TextInput label="Buscar turmas" leftSection={<IconSearch size={16} />} mb="md" maw={360} />
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Alunos</Table.Th>
                <Table.Th>Criada em</Table.Th>
                <Table.Th>Atualizada em</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((turma) => (
                <Table.Tr key={turma.id}>
                  <Table.Td>{turma.name}</Table.Td>
                  <Table.Td>{turma.countStudents}</Table.Td>
                  <Table.Td>{dateTime.format(new Date(turma.createdAt))}</Table.Td>
                  <Table.Td>{dateTime.format(new Date(turma.updatedAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <Floor />
    </MantineProvider>
  </StrictMode>,
);
