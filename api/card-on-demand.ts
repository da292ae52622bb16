import { drawPending } from "../rebuild/card-store";

/** Cards one server process draws at once on request; more wait in line, up to QUEUE. */
const CONCURRENCY = 2;
const QUEUE = 32;

/**
 * Draws pending cards (rebuild/card-store.ts) when a client asks for one before the background
 * drain reached it: a crawler reading og:image right after a cold build gets the image. Bounded
 * per process: `CONCURRENCY` drawings at once, `QUEUE` waiting, anything past that is told to come
 * back ("busy"). Requests for the same card share one drawing.
 */
export class CardsOnDemand {
  private running = 0;
  private readonly line: (() => void)[] = [];
  private readonly drawing = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly store: string,
    private readonly mediaDir: string,
  ) {}

  /** The PNG of pending card `hash` (32 hex), drawn and stored; null without a valid pending entry. */
  draw(hash: string): Promise<Buffer | null> | "busy" {
    const shared = this.drawing.get(hash);
    if (shared) return shared;
    if (this.running >= CONCURRENCY && this.line.length >= QUEUE) return "busy";
    const drawing = this.turn()
      .then(() => drawPending(this.store, this.mediaDir, hash))
      .finally(() => {
        this.drawing.delete(hash);
        this.running--;
        this.line.shift()?.();
      });
    this.drawing.set(hash, drawing);
    return drawing;
  }

  /** Resolves when a drawing slot is free (and takes it). */
  private turn(): Promise<void> {
    if (this.running < CONCURRENCY) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((go) =>
      this.line.push(() => {
        this.running++;
        go();
      }),
    );
  }
}
