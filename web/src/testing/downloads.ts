/**
 * Downloads a component starts (an object URL clicked through a hidden link), kept by file name:
 * jsdom has no object URLs and would navigate on the click.
 */
export function captureDownloads(): string[] {
  const downloads: string[] = [];
  beforeAll(() => {
    Object.assign(URL, { createObjectURL: () => 'blob:download', revokeObjectURL: () => undefined });
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      downloads.push(this.download);
    };
  });
  return downloads;
}
