import PinoPretty from 'pino-pretty';
import type { Config } from './config.ts';

/**
 * The address to open the shop at, as a person types it: a wildcard host (`0.0.0.0`, `::`) is
 * every interface of this machine, so `localhost`.
 */
export function shopAddress(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * What start-up tells the person who ran it, once the shop answers (decision 070): where to open
 * it, and which address e-mails link to, which is PUBLIC_URL's and not necessarily the one above.
 */
export function startUpLines(config: Pick<Config, 'host' | 'publicUrl' | 'seed'>, port: number): string[] {
  const demo = config.seed === 'demo' ? ' (demo accounts in the README)' : '';
  return [
    `Bookshop is running at ${shopAddress(config.host, port)}${demo}`,
    `Links in e-mails point to ${config.publicUrl} (set PUBLIC_URL to the address customers use to change it)`,
  ];
}

/** Log lines for a person at a terminal: one readable line per entry, in colour, no pid/hostname. */
export const readableLogs = (destination: NodeJS.WritableStream = process.stdout) =>
  PinoPretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname',
    sync: true,
    destination,
  });
