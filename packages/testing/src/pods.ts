import type http from 'node:http';
import type { AddressInfo } from 'node:net';

const listen = (server: http.Server, host: string, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * Stand-in pods of a headless Service: each server listens on its own loopback address
 * (127.0.0.1, .2, …), all on one port, which is returned. The port lies below the kernel's
 * ephemeral range (32768 and up): once a pod is closed, neither another process listening on port
 * 0 nor an outgoing connection is handed it, so the pod's address keeps refusing connections while
 * other suites run in parallel.
 */
export async function listenAsPods(pods: [host: string, server: http.Server][]): Promise<number> {
  for (let tries = 0; ; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 5_000);
    const started: http.Server[] = [];
    try {
      for (const [host, server] of pods) {
        await listen(server, host, port);
        started.push(server);
      }
      return port;
    } catch (err) {
      await Promise.all(started.map((s) => new Promise((r) => s.close(r))));
      if (tries >= 20) throw err;
    }
  }
}
