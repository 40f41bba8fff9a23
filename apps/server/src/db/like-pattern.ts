/**
 * `text` as a LIKE pattern that matches it literally: its `%`, `_` and backslashes escaped with a
 * backslash, PostgreSQL's default LIKE escape. A user's search text is never a pattern of its own.
 */
export function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, '\\$&');
}
