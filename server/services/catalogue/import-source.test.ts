import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type FeedRecord, ImportFileError, openFeed } from './import-source';

// Reading feed files: CSV through csv-parse and JSON Lines, with each record's own line number, and the files
// that cannot be imported at all refused with what is wrong.

const known = ['upc', 'name', 'price'];
const required = ['upc', 'price'];
async function read(text: string | Buffer): Promise<{ columns: string[]; records: FeedRecord[] }> {
  const feed = await openFeed(Readable.from([Buffer.from(text)]), known, required, { bytes: 0 });
  const records: FeedRecord[] = [];
  for await (const r of feed.records) records.push(r);
  return { columns: feed.columns, records };
}

describe('feed files', () => {
  it('reads CSV with quoted cells over several lines, keeping each record’s line', async () => {
    const { records } = await read('\uFEFFupc,name,price\n1,"Milk, whole",3.99\n2,"Two\nlines",1\n\n3,,2\n4,x\n');
    expect(records).toEqual([
      { line: 2, values: { upc: '1', name: 'Milk, whole', price: '3.99' } },
      { line: 4, values: { upc: '2', name: 'Two\nlines', price: '1' } },
      { line: 6, values: { upc: '3', price: '2' } },
      { line: 7, error: 'has 2 cells; the header has 3' },
    ]);
  });

  it('counts lines the same with Windows line ends, blank lines first and between, and a cell over three lines', async () => {
    const { records } = await read('\r\n\r\nupc,name,price\r\n1,"A\r\nB\r\nC",1\r\n\r\n\r\n2,"x",2\r\n3,y\r\n');
    expect(records).toEqual([
      { line: 6, values: { upc: '1', name: 'A\r\nB\r\nC', price: '1' } },
      { line: 9, values: { upc: '2', name: 'x', price: '2' } },
      { line: 10, error: 'has 2 cells; the header has 3' },
    ]);
  });

  it('reads JSON Lines, the first object naming the columns', async () => {
    const { columns, records } = await read(
      '{"upc":"1","price":3.99,"name":"Milk"}\n\n{"upc":"2","price":1}\nnot json\n[1]\n{"upc":"3","price":1,"sku":"x"}\n',
    );
    expect(columns).toEqual(['upc', 'price', 'name']);
    expect(records).toEqual([
      { line: 1, values: { upc: '1', price: 3.99, name: 'Milk' } },
      { line: 3, values: { upc: '2', price: 1 } },
      { line: 4, error: 'is not valid JSON' },
      { line: 5, error: 'is not a JSON object' },
      { line: 6, column: 'sku', error: 'is not a column of this file (the first line names them)' },
    ]);
  });

  it.each([
    ['an empty file', '', 'empty', undefined],
    ['a header-less binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]), 'not_csv_or_json', undefined],
    ['a JSON array', '[{"upc":"1"}]', 'not_csv_or_json', undefined],
    ['a CSV without a required column', 'upc,name\n1,x\n', 'missing_column', 'price'],
    ['a CSV with an unknown column', 'upc,price,prcie\n', 'unknown_column', 'prcie'],
    ['a CSV naming a column twice', 'upc,price,upc\n', 'duplicate_column', 'upc'],
  ])('refuses %s', async (_what, text, code, column) => {
    const error = await read(text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ code, column });
  });

  it('refuses a CSV it cannot read past a point, naming the line', async () => {
    const error = await read('upc,price\n1,2\n"unclosed,3\n').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'malformed' });
    expect((error as Error).message).toMatch(/line/);
  });

  it('reads a large CSV in batches with every line right, across batch boundaries and file chunks', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => (i % 997 === 5 ? `${i},"two\nlines",1` : `${i},n${i},1`));
    // Fed in small pieces, so batches and the stream's chunks fall anywhere in a record.
    const text = `upc,name,price\n${rows.join('\n')}\n`;
    const pieces = Array.from({ length: Math.ceil(text.length / 777) }, (_, i) => Buffer.from(text.slice(i * 777, (i + 1) * 777)));
    const feed = await openFeed(Readable.from(pieces), known, required, { bytes: 0 });
    const batches: FeedRecord[][] = [];
    for await (const batch of feed.batches) batches.push(batch);
    const records = batches.flat();
    expect(batches.length).toBeGreaterThan(2);
    expect(records).toHaveLength(2_500);
    let line = 1;
    records.forEach((r, i) => {
      line += i % 997 === 5 ? 2 : 1;
      expect(r).toEqual({ line, values: { upc: String(i), name: i % 997 === 5 ? 'two\nlines' : `n${i}`, price: '1' } });
    });
  });

  it('keeps an error the parser meets while the reader is busy, and refuses the file at that point', async () => {
    const good = Array.from({ length: 5_000 }, (_, i) => `${i},n,1`).join('\n');
    const feed = await openFeed(Readable.from([Buffer.from(`upc,name,price\n${good}\n"unclosed,1,1\n7,n,1\n`)]), known, required, {
      bytes: 0,
    });
    let read = 0;
    const error = await (async () => {
      for await (const batch of feed.batches) {
        read += batch.length;
        // A slow reader: the parser runs ahead meanwhile and fails with nobody waiting on it.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    // The whole file is refused at the unclosed quote (line 5,002); the rows before it were read on the way (those the
    // parser still held when it failed are dropped with it: nothing of a malformed file is applied).
    expect(error).toMatchObject({ code: 'malformed' });
    expect((error as ImportFileError).line).toBeGreaterThanOrEqual(5_002);
    expect(read).toBeGreaterThan(4_000);
  });
});
