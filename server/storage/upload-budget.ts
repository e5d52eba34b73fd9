/**
 * The bytes one upload may still bring, shared by all its PUTs in flight in this process (PRODUCT.md §8).
 * A PUT's bytes are counted as they arrive, together with the other PUTs of the same upload that are arriving
 * at the same moment and the parts already stored: six parallel part PUTs of a 10 MB file share 10 MB instead
 * of each getting it. JavaScript runs one callback at a time, so each count is atomic.
 *
 * An upload is a multipart upload (its parts add up; a part sent again replaces the stored one) or one whole
 * object (every PUT replaces it, so only the PUTs in flight count). PUTs of one upload that reach different
 * processes are each counted per process; the assembled file is checked again at confirmation.
 */
type Flight = { part: number | null; bytes: number };
type Entry = { stored: Map<number, number>; flights: Set<Flight> };

export type Budget = {
  /** Whether `bytes` more would fit now (a body's announced length, checked before reading it). */
  fits(bytes: number): boolean;
  /**
   * Counts `bytes` more for this PUT; false when that would pass the limit, and then the PUT is refused: its
   * bytes stop counting at once.
   */
  take(bytes: number): boolean;
  /** The PUT is stored: a part's size now counts as stored. */
  done(size: number): void;
  /** The PUT failed or was refused: its bytes no longer count. */
  release(): void;
};

export function createUploadBudgets() {
  const uploads = new Map<string, Entry>();

  const used = (entry: Entry) => {
    const sending = new Set([...entry.flights].map((f) => f.part));
    let total = 0;
    for (const [part, size] of entry.stored) if (!sending.has(part)) total += size;
    for (const flight of entry.flights) total += flight.bytes;
    return total;
  };

  return {
    /**
     * A budget for one PUT of `upload` (the multipart upload id, or the object's key), at most `maxBytes`
     * for the whole upload. `storedParts` are the sizes of the parts already on disk (multipart only).
     */
    open(
      upload: string,
      { maxBytes, part, storedParts }: { maxBytes: number; part?: number; storedParts?: Map<number, number> },
    ): Budget {
      let entry = uploads.get(upload);
      if (!entry) {
        entry = { stored: new Map(), flights: new Set() };
        uploads.set(upload, entry);
      }
      // What is on disk is the truth; a part this process stored a moment ago may not be in that listing yet.
      for (const [n, size] of storedParts ?? []) entry.stored.set(n, size);
      const current = entry;
      const flight: Flight = { part: part ?? null, bytes: 0 };
      current.flights.add(flight);
      let open = true;
      const close = () => {
        if (!open) return;
        open = false;
        current.flights.delete(flight);
        if (current.flights.size === 0) uploads.delete(upload);
      };
      return {
        fits: (bytes) => used(current) + bytes <= maxBytes,
        take(bytes) {
          if (!open) return false;
          flight.bytes += bytes;
          if (used(current) <= maxBytes) return true;
          // Refused: none of this PUT's bytes count any longer, so the others may go on at once.
          close();
          return false;
        },
        done(size) {
          if (flight.part !== null) current.stored.set(flight.part, size);
          close();
        },
        release: close,
      };
    },
    /** Uploads with a PUT in flight (for tests: nothing is left behind). */
    get size() {
      return uploads.size;
    },
    /** The PUTs of `upload` in flight now (for tests: which PUTs are being counted together). */
    putsOf: (upload: string) => uploads.get(upload)?.flights.size ?? 0,
  };
}

export type UploadBudgets = ReturnType<typeof createUploadBudgets>;
