import { API, getToken } from './api';

/**
 * Uploads an image to the content store and answers its published address (served with its
 * SHA-256 in the path), or throws with the server's message.
 */
export async function uploadImage(file: File, path = '/files/upload'): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch(`${API}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
    body,
  });
  const env = (await res.json()) as { code: number; msg: string; data?: { url: string } };
  if (env.code !== 200 || !env.data) throw new Error(env.msg);
  return env.data.url;
}
