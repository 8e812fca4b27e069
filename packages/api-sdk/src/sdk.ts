import { contract, type Contract } from './contract/index.js';
import { createClient, type ClientOptions, type ContractClient, type Caller } from './client.js';

export type Sdk = ContractClient<Contract> & { caller: Caller };

/** The typed client over the whole contract: sdk.<slice>.<endpoint>(input). */
export function createSdk(options: ClientOptions): Sdk {
  return createClient<Contract>(contract, options);
}
