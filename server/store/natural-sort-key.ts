/**
 * Names sort naturally (issue 34): a run of digits counts by its value, so "lote 14" comes
 * before "lote 139" and "2º ano" before "10º ano". A folded name becomes a key whose plain code
 * point order is that order, computed once when a list or roster is loaded, never per request.
 *
 * Each run of digits, its leading zeros dropped, is written after its length, and the length
 * after its own length ("14" → "1214", "139" → "13139"): a shorter number sorts first, and
 * numbers of one length compare digit by digit. The key begins with a digit where the number
 * did, so it keeps the number's place among letters, spaces and punctuation.
 */
export function naturalSortKey(folded: string): string {
  return folded.replace(/[0-9]+/g, (digits) => {
    const significant = digits.replace(/^0+(?=[0-9])/, '');
    const length = String(significant.length);
    return `${length.length}${length}${significant}`;
  });
}
