// `sdk-cli endpoints [--json]`: the catalogue of every declared endpoint.
import { Command } from 'commander';
import { catalogue } from '@bo/api-sdk';

export function endpointRows() {
  return catalogue().map((e) => ({
    service: e.service,
    method: e.method,
    path: e.path,
    name: `${e.slice}.${e.name}`,
  }));
}

export function endpointsCommand() {
  return new Command('endpoints')
    .description('list every endpoint declared in the contract')
    .option('--json', 'print a JSON array of { service, method, path, name }')
    .action((o: { json?: boolean }) => {
      const rows = endpointRows();
      if (o.json) {
        process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
        return;
      }
      const w = Math.max(...rows.map((r) => r.path.length), 4);
      for (const r of rows)
        console.log(`${r.method.padEnd(5)} ${r.path.padEnd(w)}  ${r.service.padEnd(12)} ${r.name}`);
      console.log(`\n${rows.length} endpoints`);
    });
}
