import mongoose from 'mongoose';
import { serverEnv, startStack } from '/work/wt/h11/scripts/stack';
import { seedDemo } from '/work/wt/h11/scripts/seed';
(async () => {
  const servers = serverEnv();
  const db = 'h11_manual';
  if (process.env.SEED) {
    const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName: db }).asPromise();
    await conn.dropDatabase(); await conn.close();
    await seedDemo({ mongoUrl: servers.MONGO_URL, dbName: db });
  }
  const stack = await startStack({ portBase: 31100, nginxPort: 31180, mongoDb: db, redisPrefix: 'h11m:', name: 'h11m', logLevel: 'warn' });
  console.log('up', stack.urls);
  process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
  process.on('SIGINT', () => void stack.stop().then(() => process.exit(0)));
})().catch((e) => { console.error(e); process.exit(1); });
