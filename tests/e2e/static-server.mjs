// A small static file server (node:http) for the browser tests that need a
// server of their own: one they can stop (offline.test.mjs), a second
// origin to host a page that embeds allin (embed.test.mjs), or a file whose
// bytes they change (a new version, for the service worker's update).
//
// Like xtask's server: 127.0.0.1 only, GET and HEAD, `Cache-Control:
// no-cache` with an ETag (a file unchanged since the browser's copy is a
// 304 with no body), index.html for directories, nothing outside the root.

import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** What a typical static host compresses. */
const COMPRESSED = /^(text\/|application\/(wasm|json|manifest\+json)|image\/svg)/;

/**
 * Serves `root` (a directory) on 127.0.0.1, under `prefix` (`/allin/`:
 * root's files at /allin/…, as on a host with allin in a sub-directory). `routes` maps a path
 * (`/host.html`) to `{type, body}` or to a function returning one: served
 * instead of a file. Resolves with `{url, origin, port, requests, log,
 * close()}`; `requests` lists every path asked for, `log` every answer
 * (`{path, status, bytes, sent}`: the file's bytes, and the bytes sent);
 * `gzip: true` compresses text, scripts and wasm (gzip -9) for a browser that
 * accepts it, as a typical static host does; `close()` stops listening and
 * drops every open connection, like a server that is gone.
 * @param {string | null} root
 * @param {{port?: number, host?: string, prefix?: string, routes?: Record<string, any>}} [options]
 */
export async function serve(root, { port = 0, host = '127.0.0.1', prefix = '/', routes = {}, gzip = false } = {}) {
  const sockets = new Set();
  const requests = [];
  const log = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    // eslint-disable-next-line prefer-const
    const send = (status, type, body, etag) => {
      const headers = {
        'Content-Type': type,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      };
      if (etag) headers.ETag = etag;
      if (etag && req.headers['if-none-match'] === etag) {
        log.push({ path, status: 304, bytes: 0 });
        res.writeHead(304, headers);
        return res.end();
      }
      const raw = Buffer.byteLength(body);
      if (gzip && COMPRESSED.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body, { level: 9 });
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      headers['Content-Length'] = Buffer.byteLength(body);
      const head = req.method === 'HEAD';
      log.push({ path, status, bytes: head ? 0 : raw, sent: head ? 0 : Buffer.byteLength(body) });
      res.writeHead(status, headers);
      res.end(head ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'no');
    const route = routes[path];
    if (route) {
      const { type = 'text/html; charset=utf-8', body } =
        typeof route === 'function' ? route(req) : route;
      return send(200, type, body);
    }
    if (!root || !path.startsWith(prefix)) return send(404, 'text/plain', 'not found');
    let file = normalize(join(root, path.slice(prefix.length)));
    if (!(file + sep).startsWith(normalize(root + sep)) && file !== normalize(root)) {
      return send(403, 'text/plain', 'forbidden');
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
      send(200, TYPES[extname(file)] ?? 'application/octet-stream', body, etag);
    } catch {
      send(404, 'text/plain', 'not found');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actual = server.address().port;
  const origin = `http://${host}:${actual}`;
  return {
    url: `${origin}/`,
    origin,
    port: actual,
    requests,
    log,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
