/** `npm start`: the whole platform on http://localhost:8080, seeded; Ctrl-C stops it all. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DATA, ROOT, serverEnv, startStack } from './stack';
import { DEMO_USER, seedDemo } from './seed';

const NGINX_PORT = Number(process.env.PORT ?? 8080);
/** The services listen from here on (gateway, content, auth, …): a second copy runs beside the first on another base. */
const PORT_BASE = Number(process.env.JP_PORT_BASE ?? 4000);

async function main() {
  const servers = serverEnv();
  const journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName: 'journal' });
  const stack = await startStack({ portBase: PORT_BASE, nginxPort: NGINX_PORT, mongoDb: 'journal', redisPrefix: 'jp:', name: 'start' });

  let stopping = false;
  let mailpitLate: ChildProcess | undefined;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    if (mailpitLate && mailpitLate.exitCode === null) process.kill(-mailpitLate.pid!, 'SIGTERM');
    await stack.stop();
    const provision = (what: string) => execFileSync('bash', [path.join(ROOT, 'scripts/provision.sh'), what], { stdio: 'inherit' });
    if (process.env.JP_STOP_SERVERS === '1') provision('stop');
    else if (mailpitLate) provision('stop-mailpit');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const [name, child] of stack.processes) {
    child.once('exit', (code, signal) => {
      if (!stopping) console.error(`${name} exited (${code ?? signal}); see ${DATA}/logs/start-${name}.log`);
    });
  }

  const hostUrl = (h: string) => `http://${h}:${NGINX_PORT}`;
  console.log('\nThe journal platform is running:\n');
  for (const j of journals) {
    const host = j.hosts.find((h) => h.endsWith('localhost')) ?? j.hosts[0]!;
    console.log(`  ${j.slug.padEnd(6)} public site  ${hostUrl(host)}/`);
    console.log(`         admin        ${hostUrl(host)}/admin/login`);
    console.log(`         work-log     ${hostUrl(host)}/webdata/login`);
  }
  console.log(`\n  Sign in with user "${DEMO_USER.name}" and password "${DEMO_USER.password}".`);
  if (stack.urls.mailpit) console.log(`  Emails the platform sends (Mailpit): ${stack.urls.mailpit}/`);
  console.log(`  Logs: ${DATA}/logs/start-*.log   Stop: Ctrl-C\n`);
  if (process.env.JP_MAILPIT_LATER === '1' && stack.urls.mailpit && !(await answers(stack.urls.mailpit))) {
    // A first start: Mailpit is built now that the journals serve, below their priority; the
    // emails sent meanwhile wait in the outbox and go out once it listens. Stopped with the rest.
    mailpitLate = spawn('nice', ['-n', '10', 'bash', path.join(ROOT, 'scripts/provision.sh'), 'mailpit-late'], { stdio: 'inherit', detached: true });
    mailpitLate.once('exit', (code) => {
      if (code === 0) console.log(`  Mailpit is running: ${stack.urls.mailpit}/`);
      else if (!stopping) console.error(`Mailpit could not be built or started (${code}): emails wait in the outbox; see ${DATA}/logs/mailpit-build.log`);
    });
  }
}

/** Whether something answers HTTP at this URL (Mailpit already running). */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
