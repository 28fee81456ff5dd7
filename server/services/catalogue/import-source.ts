import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';

// A feed file as records: CSV (csv-parse, streaming) or JSON Lines (one object per line), told apart by their
// first bytes, with each record's line number. The first CSV line is the header; a JSON Lines file's columns are
// the keys of its first object. Nothing is read whole: memory stays flat whatever the file's size.

export type FeedFormat = 'csv' | 'jsonl';

/** The file as a whole cannot be imported (exit code 2, HTTP 400). */
export class ImportFileError extends Error {
  constructor(
    readonly code: 'empty' | 'not_csv_or_json' | 'missing_column' | 'unknown_column' | 'duplicate_column' | 'malformed',
    message: string,
    readonly column?: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

export type FeedRecord = { line: number; values: Record<string, unknown> } | { line: number; error: string; column?: string };

export interface FeedSource {
  format: FeedFormat;
  columns: string[];
  /** The records in batches, in file order (what the import reads). */
  batches: AsyncGenerator<FeedRecord[]>;
  /** The same records one by one (read one or the other). */
  records: AsyncGenerator<FeedRecord>;
  /** Stops reading and closes the file (also after an error). */
  close(): Promise<void>;
}

/** Counts the bytes that pass, for progress. */
export interface ByteCounter {
  bytes: number;
}

const MAX_RECORD_BYTES = 1_000_000;

function checkColumns(columns: string[], known: string[], required: string[]): void {
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw new ImportFileError('duplicate_column', `The column "${c}" appears twice.`, c);
    seen.add(c);
    if (!known.includes(c)) throw new ImportFileError('unknown_column', `Unknown column "${c}". Known columns: ${known.join(', ')}.`, c);
  }
  for (const c of required) if (!seen.has(c)) throw new ImportFileError('missing_column', `The file has no "${c}" column.`, c);
}

/** Opens a feed: sniffs its format, checks its columns, and yields its records. */
export async function openFeed(input: Readable, known: string[], required: string[], counter: ByteCounter): Promise<FeedSource> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  // Ending the iterator (not destroying the stream under it) closes the file without a stray "premature close".
  const close = async () => {
    await iterator.return?.();
  };
  try {
    const feed = await sniff(input, iterator, known, required, counter);
    return { ...feed, records: flatten(feed.batches), close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function sniff(
  _input: Readable,
  iterator: AsyncIterator<Buffer | string>,
  known: string[],
  required: string[],
  counter: ByteCounter,
): Promise<Omit<FeedSource, 'close' | 'records'>> {
  let first: Buffer | undefined;
  while (!first || first.length === 0) {
    const next = await iterator.next();
    if (next.done) break;
    first = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
  }
  if (!first || first.length === 0) throw new ImportFileError('empty', 'The file is empty.');
  const head = first.subarray(0, 4096);
  const textual =
    !head.includes(0) &&
    (() => {
      try {
        // A cut multibyte character at the end of the sample is not an error.
        new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
        return true;
      } catch {
        return false;
      }
    })();
  if (!textual) throw new ImportFileError('not_csv_or_json', 'The file is not CSV or JSON Lines text.');
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  async function* bytes(): AsyncGenerator<Buffer> {
    counter.bytes += first!.length;
    yield first!;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      counter.bytes += chunk.length;
      yield chunk;
    }
  }
  if (start.startsWith('[')) throw new ImportFileError('not_csv_or_json', 'Send JSON as JSON Lines: one object per line, not an array.');
  return start.startsWith('{') ? openJsonLines(Readable.from(bytes()), known, required) : openCsv(Readable.from(bytes()), known, required);
}

/** Records per batch: the consumer's loop runs synchronously over a batch, not one promise per record. */
const BATCH = 1000;

/**
 * A readable object stream as batches of what is buffered (up to `size`), read synchronously: an async iterator over
 * single records costs a few promises per record, which shows at millions of rows. An error the stream emits while
 * nobody waits is kept and thrown at the next batch.
 */
function batchesOf<T>(stream: Readable, size: number): AsyncGenerator<T[]> {
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  stream.on('readable', poke);
  stream.on('end', poke);
  stream.on('error', (error) => {
    failure = error;
    poke();
  });
  return (async function* () {
    for (;;) {
      if (failure) throw failure;
      const batch: T[] = [];
      let next: T | null;
      while (batch.length < size && (next = stream.read() as T | null) !== null) batch.push(next);
      if (batch.length) {
        yield batch;
        continue;
      }
      if (failure) throw failure;
      if (stream.readableEnded) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  })();
}

/** Single records from batches (the tests' view; the import reads batches). */
async function* flatten(batches: AsyncGenerator<FeedRecord[]>): AsyncGenerator<FeedRecord> {
  for await (const batch of batches) yield* batch;
}

async function openCsv(input: Readable, known: string[], required: string[]): Promise<Omit<FeedSource, 'close' | 'records'>> {
  // Line numbers are counted here rather than asked of csv-parse (its `info` copies an object per record, a cost
  // that shows at millions of rows): each record ends one line after the last, plus the line breaks inside its
  // quoted cells. Empty lines come through as one empty cell and are skipped here, counted.
  const parser = input.pipe(parseCsv({ bom: true, skip_empty_lines: false, relax_column_count: true, max_record_size: MAX_RECORD_BYTES }));
  const raw = batchesOf<string[]>(parser, BATCH);
  let lines = 0;
  const breaks = (record: string[]) => {
    let n = 0;
    for (const cell of record) if (cell.includes('\n')) for (const ch of cell) if (ch === '\n') n++;
    return n;
  };
  const malformed = (error: unknown): never => {
    const e = error as { message?: string; lines?: number };
    throw new ImportFileError(
      'malformed',
      `The CSV cannot be read at line ${e.lines ?? '?'}: ${e.message ?? 'malformed'}`,
      undefined,
      e.lines,
    );
  };
  // The header: the first record that is not an empty line; the records after it in its batch come first.
  let pending: string[][] = [];
  let header: string[] | undefined;
  while (!header) {
    const next = await raw.next().catch(malformed);
    if (next.done) throw new ImportFileError('empty', 'The file is empty.');
    let i = 0;
    for (; i < next.value.length && !header; i++) {
      const record = next.value[i];
      lines += 1 + breaks(record);
      if (!(record.length === 1 && record[0] === '')) header = record;
    }
    pending = next.value.slice(i);
  }
  const columns = header.map((c) => c.trim());
  if (columns.length === 1 && !known.includes(columns[0]) && !/^[\w ]+$/.test(columns[0]))
    throw new ImportFileError('not_csv_or_json', 'The file is not CSV (no header of column names) or JSON Lines.');
  checkColumns(columns, known, required);
  const width = columns.length;
  const toRecords = (batch: string[][]): FeedRecord[] => {
    const out: FeedRecord[] = [];
    for (const record of batch) {
      lines += 1 + breaks(record);
      if (record.length === 1 && record[0] === '') continue;
      if (record.length !== width) {
        out.push({ line: lines, error: `has ${record.length} cells; the header has ${width}` });
        continue;
      }
      const values: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) if (record[i] !== '') values[columns[i]] = record[i];
      out.push({ line: lines, values });
    }
    return out;
  };
  async function* batches(): AsyncGenerator<FeedRecord[]> {
    if (pending.length) yield toRecords(pending);
    pending = [];
    for (;;) {
      const next = await raw.next().catch(malformed);
      if (next.done) return;
      yield toRecords(next.value);
    }
  }
  return { format: 'csv', columns, batches: batches() };
}

async function openJsonLines(input: Readable, known: string[], required: string[]): Promise<Omit<FeedSource, 'close' | 'records'>> {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  let lineNo = 0;
  let firstObject: { line: number; values: Record<string, unknown> } | undefined;
  const parseLine = (text: string): Record<string, unknown> | string => {
    if (text.length > MAX_RECORD_BYTES) return 'is longer than 1 MB';
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      return 'is not a JSON object';
    } catch {
      return 'is not valid JSON';
    }
  };
  // The first object names the columns, as a CSV header does.
  while (!firstObject) {
    const next = await lines.next();
    if (next.done) throw new ImportFileError('empty', 'The file is empty.');
    lineNo++;
    if (next.value.trim() === '') continue;
    const parsed = parseLine(next.value);
    if (typeof parsed === 'string')
      throw new ImportFileError('not_csv_or_json', `Line ${lineNo} ${parsed}: send JSON Lines, one object per line.`, undefined, lineNo);
    firstObject = { line: lineNo, values: parsed };
  }
  const columns = Object.keys(firstObject.values);
  checkColumns(columns, known, required);
  const clean = (o: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) if (v !== null && v !== '') out[k] = v;
    return out;
  };
  async function* records(): AsyncGenerator<FeedRecord> {
    yield { line: firstObject!.line, values: clean(firstObject!.values) };
    for (;;) {
      const next = await lines.next();
      if (next.done) return;
      lineNo++;
      if (next.value.trim() === '') continue;
      const parsed = parseLine(next.value);
      if (typeof parsed === 'string') {
        yield { line: lineNo, error: parsed };
        continue;
      }
      const unknown = Object.keys(parsed).find((k) => !columns.includes(k));
      if (unknown) {
        yield { line: lineNo, column: unknown, error: 'is not a column of this file (the first line names them)' };
        continue;
      }
      yield { line: lineNo, values: clean(parsed) };
    }
  }
  async function* batches(): AsyncGenerator<FeedRecord[]> {
    let batch: FeedRecord[] = [];
    for await (const record of records()) {
      batch.push(record);
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  return { format: 'jsonl', columns, batches: batches() };
}

/** Checks a stored feed's format and columns without reading past its first lines (an upload's quick answer). */
export async function checkFeedFile(input: Readable, known: string[], required: string[]): Promise<void> {
  const feed = await openFeed(input, known, required, { bytes: 0 });
  await feed.close();
}
