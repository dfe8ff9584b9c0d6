/**
 * Up to two initials for an avatar: the first letter of each of the first two words,
 * 'U' when there is no name. 'ישראל ישראלי' → 'יי', 'dana cohen levi' → 'DC'.
 */
export function initialsOf(displayName: string | null | undefined): string {
  const words = (displayName ?? '').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return 'U';
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase('he-IL');
}
