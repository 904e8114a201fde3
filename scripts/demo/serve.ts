/** A small static server for demo-dist/ on this machine only (localhost, a secure context: Web Locks work there). */
import { createReadStream, existsSync, statSync } from "node:fs";
import type { Server } from "node:http";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".map": "application/json; charset=utf-8",
};

export interface Served {
  readonly server: Server;
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1: the port asked for, or the next free ones after it (0: any free port). */
export async function serve(dir: string, port: number): Promise<Served> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    const file = normalize(join(dir, path.endsWith("/") ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
    createReadStream(file).pipe(res);
  });
  for (let tries = 0; ; tries++) {
    const at = port === 0 ? 0 : port + tries;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(at, "127.0.0.1", () => {
          server.off("error", reject);
          resolve();
        });
      });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EADDRINUSE" || port === 0 || tries >= 9) throw new Error(`could not listen on port ${at}: ${(e as Error).message}`);
    }
  }
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    server,
    url: `http://localhost:${actual}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
