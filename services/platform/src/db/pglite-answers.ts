import { type PGlite, parse, protocol, type Results, types } from '@electric-sql/pglite';

// The backend's answer to one prepared run (Bind, Describe, Execute, Sync: pglite-statements.ts), read from
// its raw bytes. PGlite's own reader (`execProtocolStream`) builds an object per message and copies every
// field of every row into an ArrayBuffer of its own before decoding it: on a page of the trades list that
// copying was a quarter of the embedded server's time (BENCHMARKS.md, 2026-11-30). Here each field is
// decoded where it lies, with PGlite's parsers for its type, into the same Results PGlite's `parseResults`
// gives. An answer with anything beyond a plain result (an error, a notification, a message this reader
// does not know) is handed to PGlite's own reader whole, so errors are PGlite's DatabaseError as before.

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
/**
 * Messages with nothing for the caller: ParseComplete, BindComplete, CloseComplete, NoData, PortalSuspended,
 * EmptyQueryResponse, ReadyForQuery, ParameterStatus and NoticeResponse (PGlite's reader drops notices too
 * unless a query asks for them, and none of ours does).
 */
const NOTHING_FOR_THE_CALLER = new Set([0x31, 0x32, 0x33, 0x6e, 0x73, 0x49, 0x5a, 0x53, 0x4e]);
/** Commands whose tag counts rows changed, as PGlite's `parseResults` counts them. */
const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

type Field = { name: string; dataTypeID: number };
type ValueParser = (value: string, typeId: number) => unknown;

/** The answer in `bytes` to one statement run, as PGlite's `parseResults` would give its first result. */
export function answerOf(bytes: Buffer, pglite: PGlite): Results {
  return plainAnswerOf(bytes, pglite.parsers) ?? answerByPGlite(bytes, pglite);
}

/** The answer read here, or undefined when it holds a message for PGlite's own reader. */
function plainAnswerOf(bytes: Buffer, parsers: PGlite['parsers']): Results | undefined {
  let fields: Field[] = [];
  let fieldParsers: (ValueParser | undefined)[] = [];
  let rows: Record<string, unknown>[] = [];
  let result: Results | undefined;
  let affectedRows = 0;
  for (let at = 0; at < bytes.length; ) {
    const type = bytes[at] as number;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    const body = at + 5;
    if (type === DATA_ROW) {
      rows.push(rowOf(bytes, body, fields, fieldParsers));
    } else if (type === ROW_DESCRIPTION) {
      fields = fieldsOf(bytes, body);
      fieldParsers = fields.map(({ dataTypeID }) => parsers[dataTypeID] ?? types.parsers[dataTypeID]);
    } else if (type === COMMAND_COMPLETE) {
      // Only the first statement's result is asked for; a run has one.
      if (!result) {
        const tag = bytes.toString('utf8', body, end - 1).split(' ');
        const command = tag[0] as string;
        const count = Number.parseInt(tag.at(-1) as string, 10);
        if (CHANGING_COMMANDS.has(command)) affectedRows += count;
        result = { rows, fields, command, affectedRows };
        if (!Number.isNaN(count)) result.rowCount = count;
      }
      fields = [];
      rows = [];
    } else if (!NOTHING_FOR_THE_CALLER.has(type)) {
      return undefined;
    }
    at = end;
  }
  return result ?? { affectedRows: 0, rows: [], fields: [] };
}

function fieldsOf(bytes: Buffer, body: number): Field[] {
  const count = bytes.readInt16BE(body);
  const fields: Field[] = [];
  let at = body + 2;
  for (let index = 0; index < count; index += 1) {
    const nameEnd = bytes.indexOf(0, at);
    const name = bytes.toString('utf8', at, nameEnd);
    // After the name: table oid (4), column number (2), type oid (4), size (2), modifier (4), format (2).
    fields.push({ name, dataTypeID: bytes.readInt32BE(nameEnd + 7) });
    at = nameEnd + 19;
  }
  return fields;
}

function rowOf(
  bytes: Buffer,
  body: number,
  fields: readonly Field[],
  parsers: readonly (ValueParser | undefined)[],
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const count = bytes.readInt16BE(body);
  let at = body + 2;
  for (let index = 0; index < count; index += 1) {
    const length = bytes.readInt32BE(at);
    at += 4;
    const field = fields[index] as Field;
    if (length < 0) {
      row[field.name] = null;
      continue;
    }
    const text = bytes.toString('utf8', at, at + length);
    at += length;
    const parser = parsers[index];
    row[field.name] = parser ? parser(text, field.dataTypeID) : text;
  }
  return row;
}

/** PGlite's own reading of the answer: its DatabaseError thrown for an error, else its first result. */
function answerByPGlite(bytes: Buffer, pglite: PGlite): Results {
  const messages: Parameters<typeof parse.parseResults>[0] = [];
  new protocol.Parser().parse(bytes, (message) => messages.push(message));
  const error = messages.find((message) => message instanceof protocol.messages.DatabaseError);
  if (error) throw error;
  return parse.parseResults(messages, pglite.parsers)[0] as Results;
}
