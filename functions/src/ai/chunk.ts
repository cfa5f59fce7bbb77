/**
 * Splits a document into passages of about `size` characters along paragraph, then sentence boundaries,
 * each carrying the tail of the previous one (`overlap`) so an answer spanning a boundary is still found.
 */
export function chunkText(text: string, size = 800, overlap = 120): string[] {
  const pieces = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .flatMap((paragraph) => (paragraph.length <= size ? [paragraph] : paragraph.split(/(?<=[.!?])\s+/)))
    .map((piece) => piece.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    for (let start = 0; start < piece.length; start += size) {
      const part = piece.slice(start, start + size);
      if (current && current.length + part.length + 1 > size) {
        chunks.push(current);
        current = `${current.slice(-overlap).replace(/^\S*\s/, '')}\n${part}`;
      } else current = current ? `${current}\n${part}` : part;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
