// The bare routes of npm run bench:api, in a process of its own as the real server is: Fastify and
// one pg pool (10 connections, as the server's), one row by primary key, no auth, no validation.
// /bare/:id is the plain pg call issue 12 measures against (the statement parsed every time);
// /bare-prepared/:id runs it as a named prepared statement, as the server's profile read does.
// Started by bench-api.mjs with DATABASE_URL and PORT; prints "ready" once it listens.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// A connection still closing when the database is dropped at the end is no failure.
pool.on('error', () => undefined);
const app = Fastify();
const SELECT = 'SELECT id, name, mobile, level FROM agents WHERE id = $1';
app.get('/bare/:id', async (req) => {
  const r = await pool.query(SELECT, [req.params.id]);
  return { code: 200, data: r.rows[0] };
});
app.get('/bare-prepared/:id', async (req) => {
  const r = await pool.query({ name: 'bare-agent', text: SELECT, values: [req.params.id] });
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
