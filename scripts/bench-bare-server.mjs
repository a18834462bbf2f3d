// The bare route of npm run bench:api, in a process of its own as the real server is: Fastify and
// one pg pool (10 connections, as the server's), one row by primary key as a named prepared
// statement (as the server's profile read is), no auth, no validation.
// Started by bench-api.mjs with DATABASE_URL and PORT; prints "ready" once it listens.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// A connection still closing when the database is dropped at the end is no failure.
pool.on('error', () => undefined);
const app = Fastify();
app.get('/bare/:id', async (req) => {
  const r = await pool.query({
    name: 'bare-agent',
    text: 'SELECT id, name, mobile, level FROM agents WHERE id = $1',
    values: [req.params.id],
  });
  return { code: 200, data: r.rows[0] };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
