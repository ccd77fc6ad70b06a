import type { StudentEnrolment } from '#contract/extensions';
import { visibleName } from '../../components/visible-name/visible-name';
import type { Formats } from '../../i18n/formats';

/** "Matemática, História e Física": the turmas a dialog acts on, as one phrase. */
export function turmaNames(turmas: readonly Pick<StudentEnrolment, 'name'>[], formats: Formats) {
  return formats.list.format(turmas.map((turma) => visibleName(turma.name)));
}
