/** A file's size for people, from bytes: `812 B`, `402.1 KB`, `2.4 MB` (1 KB = 1,024 bytes, as file pickers count). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
