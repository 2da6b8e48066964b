/*
 * Picks the servers tests run against, in this order: MONGO_URL/REDIS_URL from the environment;
 * testcontainers where a Docker engine answers; otherwise the local FerretDB and Redis that
 * scripts/provision.sh starts (reused when already running). The SMTP server and mailbox is the
 * local Mailpit it starts too (SMTP_URL, MAILPIT_URL), unless SMTP_URL is given.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '../..');

async function dockerAnswers() {
  const sock = process.env.DOCKER_HOST || '/var/run/docker.sock';
  if (!process.env.DOCKER_HOST && !fs.existsSync(sock)) return false;
  try {
    const { getContainerRuntimeClient } = require('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function fromContainers() {
  const { GenericContainer, Wait } = require('testcontainers');
  const started = [];
  if (!process.env.MONGO_URL) {
    const mongo = await new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forListeningPorts()).start();
    started.push(mongo);
    process.env.MONGO_URL = `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/`;
  }
  if (!process.env.REDIS_URL) {
    const redis = await new GenericContainer('redis:7').withExposedPorts(6379).start();
    started.push(redis);
    process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  }
  globalThis.__TEST_CONTAINERS__ = started;
}

function fromLocal() {
  execFileSync('bash', [path.join(ROOT, 'scripts/provision.sh'), 'servers'], { stdio: 'inherit' });
  const env = fs.readFileSync(path.join(process.env.JP_DATA_DIR || path.join(ROOT, '.data'), 'servers.env'), 'utf8');
  for (const line of env.split('\n')) {
    const m = /^(\w+)=(.*)$/.exec(line.trim());
    if (m && !process.env[m[1]]) process.env[m[1]] = m[2];
  }
}

module.exports = async () => {
  // The SMTP server is the local Mailpit unless SMTP_URL (and MAILPIT_URL) name another one.
  if (process.env.MONGO_URL && process.env.REDIS_URL) {
    if (!process.env.SMTP_URL) fromLocal();
    return;
  }
  if (await dockerAnswers()) await fromContainers();
  fromLocal();
};
