import { vi } from 'vitest';

/** A file the page saved: the name its link asked for, and what it held. */
export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Catches what the page saves through `lib/csv-file` (an object URL and a link's click), as
 * jsdom neither makes object URLs nor navigates: the files, oldest first, until `restore()`.
 */
export function captureDownloads(): { saved: SavedFile[]; restore: () => void } {
  const saved: SavedFile[] = [];
  const blobs: Blob[] = [];
  const original = globalThis.URL;
  globalThis.URL = Object.assign(class extends original {}, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:download-${blobs.length}`;
    },
    revokeObjectURL: () => undefined,
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.at(-1)! });
  });
  return {
    saved,
    restore: () => {
      click.mockRestore();
      globalThis.URL = original;
    },
  };
}
