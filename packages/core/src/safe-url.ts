// The request fields of the contracts built on the address checks of safe-address.ts (which the
// app imports without zod).
import { z } from 'zod';
import { isSafeLink, isSiteImage, type SafeLinkOptions } from './safe-address';

interface FieldOptions {
  /** Longest address accepted (characters). */
  max?: number;
  /** An empty value is allowed and means "none". */
  optional?: boolean;
}

const field = (label: string, max: number, optional: boolean) => {
  const s = z
    .string({ error: `请填写${label}` })
    .trim()
    .max(max, `${label}最多${max}个字符`);
  return optional ? s : s.min(1, `请填写${label}`);
};

/**
 * A link field of a request: an http(s) URL or a path of this site (see isSafeLink), with a
 * message naming the field.
 */
export const safeLink = (
  label: string,
  { max = 500, optional = false, ...opts }: FieldOptions & SafeLinkOptions = {},
) =>
  field(label, max, optional).refine(
    (v) => v === '' || isSafeLink(v, opts),
    `${label}须以 ${opts.httpsOnly ? 'https://' : 'http(s)://'}${opts.iosManifest ? '、itms-services://' : ''} 或本站路径 / 开头，且不能含空格等特殊字符`,
  );

/** An image field of a request: an uploaded (/prod-api/files/...) or static (/static/...) image. */
export const siteImage = (label: string, { max = 500, optional = false }: FieldOptions = {}) =>
  field(label, max, optional).refine(
    (v) => v === '' || isSiteImage(v),
    `${label}须为本站上传的图片（以 /prod-api/files/ 或 /static/ 开头）`,
  );
