import path from 'node:path';
import mongoose from 'mongoose';
import { ROOT, serverEnv, startStack } from '/work/main/scripts/stack';
import { run } from '/work/main/bench/content.bench';

async function main() {
  const servers = serverEnv();
  const dbName = 'journal_bench_content_dev';
  const stack = await startStack({ portBase: 34000, nginxPort: 38080, mongoDb: dbName, redisPrefix: 'benchc:', name: 'benchc', logLevel: 'warn', pdfWorkers: 0 });
  try {
    const figures = await run({
      baseUrl: stack.urls.web, gatewayUrl: stack.urls.gateway, contentUrl: stack.urls.content,
      mongoUrl: servers.MONGO_URL, redisUrl: servers.REDIS_URL, dbName, redisPrefix: 'benchc:',
      staticDir: path.join(ROOT, 'web/dist/bench-static'), nginxStaticUrl: `${stack.urls.web}/bench-static`,
    });
    console.log(JSON.stringify(figures));
  } finally {
    await stack.stop();
    void mongoose;
  }
  process.exit(0);
}
main().catch((e) => { console.error(e); process.exit(1); });
