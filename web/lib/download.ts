/** Saves a blob as a file through the browser's download, under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the browser; the address is kept a while for slow starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const safeDecode = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/** The file name an attachment answer gives (the UTF-8 `filename*` first, then `filename`), or `fallback`. */
export function attachmentName(res: Response, fallback: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  return safeDecode(/filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback);
}
