import { Fragment } from 'react';

/** After each "@" and ".", but not at the very end: where an address may start a new line. */
const BREAK_AFTER = /(?<=[@.])(?=.)/u;

/**
 * An e-mail address that wraps only after its "@" and dots, so a narrow column or dialog shows it
 * whole, each line a readable piece ("maria.eduarda.", "souza@", "aluno.escola.example"). The
 * browser finds no break inside an address on its own and would cut it or break it anywhere.
 */
export function EmailText({ email }: { email: string }) {
  return email.split(BREAK_AFTER).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}
