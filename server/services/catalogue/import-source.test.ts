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
});
