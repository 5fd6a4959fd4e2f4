import type { Zip as FflateZip } from 'fflate';

/**
 * A ZIP written entry by entry with fflate's streaming writer, off the event loop where it costs: the
 * texts are deflated on fflate's worker threads (AsyncZipDeflate), and the PDFs, already compressed,
 * are stored as they are (ZipPassThrough: a CRC-32 and a copy). Adding one entry at a time, between
 * the reads of the documents, keeps each turn of the event loop short whatever the year's size.
 * fflate is loaded with the first archive, not at the server's start.
 */
export class ArchiveZip {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: FflateZip;
  private readonly finished: Promise<void>;

  private constructor(
    private readonly fflate: typeof import('fflate'),
    private readonly mtime: Date,
  ) {
    let zip: FflateZip | undefined;
    this.finished = new Promise<void>((resolve, reject) => {
      zip = new fflate.Zip((error, chunk, final) => {
        if (error) return reject(error);
        this.chunks.push(chunk);
        if (final) resolve();
      });
    });
    // Awaited by `end`; until then a failure must not count as unhandled.
    this.finished.catch(() => {});
    if (!zip) throw new Error('fflate.Zip non créé');
    this.zip = zip;
  }

  /** `mtime`: the date every entry carries (the archive's, so that its listing is the build's moment). */
  static async open(mtime: Date): Promise<ArchiveZip> {
    return new ArchiveZip(await import('fflate'), mtime);
  }

  /** Bytes already compressed (a PDF): stored, byte for byte. */
  addStored(name: string, bytes: Uint8Array): void {
    const entry = new this.fflate.ZipPassThrough(name);
    entry.mtime = this.mtime;
    this.zip.add(entry);
    entry.push(bytes, true);
  }

  /**
   * Text: deflated on a worker thread. fflate transfers the pushed chunk's memory to that thread, which
   * empties the caller's buffer (its SHA-256 was found to be the empty file's) and would break a Node
   * buffer from the shared pool: the worker gets a copy of its own.
   */
  addDeflated(name: string, bytes: Uint8Array): void {
    const entry = new this.fflate.AsyncZipDeflate(name, { level: 6 });
    entry.mtime = this.mtime;
    this.zip.add(entry);
    entry.push(new Uint8Array(bytes), true);
  }

  /** Ends the ZIP once every entry is written (the deflating ones included); its bytes. */
  async end(): Promise<Buffer> {
    this.zip.end();
    await this.finished;
    return Buffer.concat(this.chunks);
  }

  /** Stops the workers of entries still being deflated (the build failed). */
  terminate(): void {
    this.zip.terminate();
  }
}
