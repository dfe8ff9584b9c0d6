import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { answerOf } from './pglite-answers';

// PGlite's `query` parses, describes, binds and runs every statement anew: six calls into its WebAssembly
// module, and PostgreSQL parsing and planning the text each time. The embedded client (database.ts) runs
// data statements through here instead, as named prepared statements, the way postgres.js does on a real
// connection: a text is parsed (and its parameters described) once per database, and each run after that is
// one call carrying Bind, Describe, Execute and Sync, with PostgreSQL reusing the statement (and its plan,
// where the generic plan is as good as a custom one). A save's statements run about three times faster, the
// projector's CTEs about six (docs/decisions.md, issue 14).
//
// What a caller sees is PGlite's own: values are serialised by the database's serializers for the described
// parameter types, answers read into the Results its `parseResults` gives, with its parsers
// (pglite-answers.ts), and errors are its DatabaseError with PostgreSQL's code. Each run holds the
// database's query lock and ends with Sync, as `query` does.

/** How many statement texts a database keeps prepared by default; the least recently run is closed. */
export const KEPT_STATEMENTS = 200;

interface Statement {
  name: string;
  /** The parameters' type ids, as PostgreSQL described them. */
  types: number[];
}

class PreparedStatements {
  /** By text, least recently run first (a Map keeps insertion order; a run moves its text to the end). */
  readonly byText = new Map<string, Statement>();
  count = 0;
  constructor(readonly kept: number) {}
}

const statementsOf = new WeakMap<PGlite, PreparedStatements>();

/** A data statement (select, insert, update, delete, or one starting with a CTE) is run prepared. */
export const runsPrepared = (text: string): boolean =>
  /^\s*(select|insert|update|delete|with)\b/iu.test(text);

/**
 * A statement that changes the schema: the prepared statements are dropped after it, so none keeps a plan
 * whose result no longer fits its tables (PostgreSQL would refuse to run it).
 */
export const changesSchema = (text: string): boolean => /^\s*(create|alter|drop|truncate)\b/iu.test(text);

const { serialize } = protocol;

function statementsFor(pglite: PGlite, kept: number): PreparedStatements {
  let statements = statementsOf.get(pglite);
  if (!statements) {
    statements = new PreparedStatements(kept);
    statementsOf.set(pglite, statements);
  }
  return statements;
}

/** The statement for `text`, parsed now if it is not kept; closes the least recently run one over the limit. */
async function statementFor(
  pglite: PGlite,
  statements: PreparedStatements,
  text: string,
): Promise<Statement> {
  const kept = statements.byText.get(text);
  if (kept) {
    statements.byText.delete(text);
    statements.byText.set(text, kept);
    return kept;
  }
  const messages: Uint8Array[] = [];
  if (statements.byText.size >= statements.kept) {
    const [oldestText, oldest] = statements.byText.entries().next().value as [string, Statement];
    statements.byText.delete(oldestText);
    messages.push(serialize.close({ type: 'S', name: oldest.name }));
  }
  statements.count += 1;
  const name = `yoman_s${statements.count}`;
  messages.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
  const described = await pglite.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
  const statement = { name, types: parse.parseDescribeStatementResults(described) };
  statements.byText.set(text, statement);
  return statement;
}

function serialised(pglite: PGlite, values: readonly unknown[], types: readonly number[]): (string | null)[] {
  return values.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[types[index] as number];
    return serializer ? serializer(value) : String(value);
  });
}

/**
 * Runs the data statement `text` with `values` on `pglite` as a named prepared statement, preparing it on
 * first use; `kept` bounds how many texts stay prepared (fixed by the first call on a database).
 */
export async function runPrepared(
  pglite: PGlite,
  text: string,
  values: readonly unknown[],
  kept = KEPT_STATEMENTS,
): Promise<Results> {
  const statements = statementsFor(pglite, kept);
  // Outside the lock: PGlite's own start-up queries take it.
  await pglite.waitReady;
  return pglite.runExclusive(async () => {
    const { name, types } = await statementFor(pglite, statements, text);
    // The answer's bytes arrive in chunks that PGlite reuses once its call is over: each is copied.
    const chunks: Buffer[] = [];
    await pglite.execProtocolRawStream(
      Buffer.concat([
        serialize.bind({ statement: name, values: serialised(pglite, values, types) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
    );
    // As PGlite's query does after each statement outside its own transaction API.
    await pglite.syncToFs();
    return answerOf(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), pglite);
  });
}

/** Closes every statement kept for `pglite`, after a statement that changed the schema. */
export async function forgetPrepared(pglite: PGlite): Promise<void> {
  const statements = statementsOf.get(pglite);
  if (!statements || statements.byText.size === 0) return;
  const names = [...statements.byText.values()].map(({ name }) => name);
  statements.byText.clear();
  await pglite.runExclusive(async () =>
    pglite.execProtocolStream(
      Buffer.concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]),
      { syncToFs: false },
    ),
  );
}

/** How many statement texts are kept prepared for `pglite` (for the tests). */
export const preparedCount = (pglite: PGlite): number => statementsOf.get(pglite)?.byText.size ?? 0;
