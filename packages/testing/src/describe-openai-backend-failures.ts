import { describe } from 'vitest';
import { describeBackendFailureContract, type BackendContractSubject } from './backend-failure-contract.js';
import type { FakeOpenAIServer, FakeReply } from './fake-openai-server-types.js';
import { openAIContractReplies } from './openai-contract-replies.js';
import { itClassifiesOpenAIErrors } from './openai-error-cases.js';
import { useBackendServer } from './use-backend-server.js';

/** A backend that calls one of OpenAI's APIs, with the fake OpenAI server it is tested against. */
export interface OpenAIBackendFailuresSubject extends Omit<
  BackendContractSubject<FakeReply, FakeOpenAIServer>,
  'replies' | 'wrongKey'
> {
  /** Words every one of its error messages carries, such as the provider's name. */
  says: () => string;
  /** Where the contract's broken streams are cut: see {@link openAIContractReplies}. */
  cut: Parameters<typeof openAIContractReplies>[0];
}

/**
 * The failures every backend on one of OpenAI's APIs must report alike: each HTTP error of those
 * APIs classified (`itClassifiesOpenAIErrors`, the 404 naming `subject.model`), and the failure
 * contract, where the server refuses a wrong key with a 401.
 */
export function describeOpenAIBackendFailures(subject: OpenAIBackendFailuresSubject): void {
  const { says, cut, ...contract } = subject;
  describe(`${subject.type} backend: HTTP errors of the OpenAI API`, () => {
    const { server, backend } = useBackendServer(subject);
    itClassifiesOpenAIErrors({ server, backend, provider: subject.type, says }, subject.model);
  });
  describeBackendFailureContract<FakeReply, FakeOpenAIServer>({
    ...contract,
    wrongKey: { statusCode: 401 },
    replies: openAIContractReplies(cut),
  });
}
