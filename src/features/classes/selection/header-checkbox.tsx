import { useMessages } from '../../../i18n/i18n-context';
import { NativeCheckbox } from '../../../components/native-checkbox/native-checkbox';
import classes from '../table/class-table.module.css';
import { usePageSelection } from './page-selection';

/** Ticks or clears the whole page; "some" when only part of it is ticked. */
export function HeaderCheckbox() {
  const messages = useMessages();
  const { selectedIds, pageRows, onSelect, onDeselect } = usePageSelection();
  const ticked = pageRows.filter((turma) => selectedIds.has(turma.id)).length;
  const all = pageRows.length > 0 && ticked === pageRows.length;
  return (
    <NativeCheckbox
      className={classes.checkbox}
      aria-label={messages.classes.selectPage}
      checked={all}
      indeterminate={ticked > 0 && !all}
      disabled={pageRows.length === 0}
      onChange={(checked) =>
        checked
          ? onSelect(pageRows.map(({ id, name }) => ({ id, name })))
          : onDeselect(pageRows.map((turma) => turma.id))
      }
    />
  );
}
