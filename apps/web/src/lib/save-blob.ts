/** Hands a fetched file to the browser's download (files sit behind the bearer token, so no plain link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
