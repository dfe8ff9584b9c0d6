// Types only here: the schemas are imported at run time outside production alone, so no production page
// downloads zod or the contracts' schemas (docs/decisions.md, "Answers in the browser").
import type * as Contracts from '@yoman/contracts';

type ContractModule = typeof Contracts;

/** The contracts that parse an answer (every zod schema the package exports). */
export type AnswerContract = {
  [Name in keyof ContractModule]: ContractModule[Name] extends { parse(raw: unknown): unknown }
    ? Name
    : never;
}[keyof ContractModule];

/** What a contract's answer is once read (its parse's result). */
export type AnswerOf<Name extends AnswerContract> = ReturnType<ContractModule[Name]['parse']>;

/**
 * An RTK Query `transformResponse` reading an answer as the contract `name` says it is.
 *
 * Outside production (the unit tests and the development servers) the answer is parsed by the contract, so an
 * answer that drifted from it fails there. A production build trusts the answer as it came: the gateway that
 * serves the page writes every answer with a serialiser compiled from the same contract, and checks the two
 * agree in every API test (services/platform/src/http/response-serializer.ts).
 */
export function answerOf<Name extends AnswerContract>(name: Name) {
  return async (raw: unknown): Promise<AnswerOf<Name>> => {
    if (process.env.NODE_ENV !== 'production') {
      const contracts = await import('@yoman/contracts');
      const contract = contracts[name] as unknown as { parse(raw: unknown): AnswerOf<Name> };
      return contract.parse(raw);
    }
    return raw as AnswerOf<Name>;
  };
}
