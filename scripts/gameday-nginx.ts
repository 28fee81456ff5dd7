// The nginx configuration of docs/operations.md (Rolling restarts behind nginx), which the game day runs.

/** The site's part, as docs/operations.md shows it (scripts/gameday-nginx.test.ts keeps the two the same). */
export function nginxSite(servers: string[], listen: string): string {
  return `  upstream harvest_lane {
    zone harvest_lane 64k;   # the workers share what they learn about the servers
${servers.map((s) => `    server ${s} max_fails=1 fail_timeout=10s;`).join('\n')}
  }
  server {
    listen ${listen};
    location / {
      proxy_pass http://harvest_lane;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # Refused (a server stopped or starting): nothing was sent, so safe for POSTs too; 502 is a stopping server
      # turning a GET or HEAD back unprocessed (PROXY_DRAIN_MS). Either also keeps the server out for fail_timeout.
      proxy_next_upstream error timeout http_502;
      proxy_connect_timeout 2s;
    }
  }`;
}
