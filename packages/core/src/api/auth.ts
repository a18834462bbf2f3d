import { z } from 'zod';
import { validators } from '../validators';

/**
 * Turns a core validator into a zod refinement that carries the spec's exact message. A missing
 * value gets the validator's own "empty" message rather than zod's generic type error.
 */
export const checked = (check: (v: string) => string | null) =>
  z
    .string({ error: (issue) => (issue.input == null ? (check('') ?? undefined) : undefined) })
    .superRefine((value, ctx) => {
      const message = check(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

export const mobileSchema = checked(validators.mobile);
// The upper bound only keeps the slow hash from being fed megabytes; the spec sets the minimum.
export const passwordSchema = checked(validators.password).max(64, '密码长度不能超过64位');
/**
 * A password being set: the spec's minimum and the rules against guessable ones. The rule about
 * the mobile needs the mobile, so schemas that carry one check it with newPasswordOf.
 */
export const newPasswordSchema = checked((v) => validators.newPassword(v)).max(
  64,
  '密码长度不能超过64位',
);

/** An object refinement: the password field is neither the mobile field nor taken from it. */
const newPasswordOf =
  (passwordKey: string, mobileKey: string) =>
  (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const message = validators.newPassword(v[passwordKey], String(v[mobileKey] ?? ''));
    if (message) ctx.addIssue({ code: 'custom', message, path: [passwordKey] });
  };
export const smsCodeSchema = checked(validators.smsCode);

export const loginRequest = z
  .object({
    username: mobileSchema,
    password: z.string().max(64, '密码格式错误').optional(),
    /** A remembered-login credential from an earlier login, used in place of the password. */
    rememberToken: z.string().max(128).optional(),
    /** Ask for a remembered-login credential (the "remember password" box). */
    remember: z.boolean().optional(),
    code: z.string().max(8).optional(),
    uuid: z.string().max(64).optional(),
  })
  .refine((v) => Boolean(v.password) || Boolean(v.rememberToken), {
    message: '密码不能为空',
    path: ['password'],
  });
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  code: z.number(),
  msg: z.string(),
  token: z.string().optional(),
  /** True when the account's password may be remembered on the device (see docs/decisions). */
  passwordCheck: z.boolean().optional(),
  /** Present with passwordCheck: what the device keeps instead of the password. */
  rememberToken: z.string().optional(),
  /** True when the password is an initial one that must be changed now. */
  mustChangePassword: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const captchaResponse = z.object({
  captchaEnabled: z.boolean(),
  uuid: z.string().optional(),
  img: z.string().optional(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const registerRequest = z
  .object({
    mobile: mobileSchema,
    password: newPasswordSchema,
    smsCode: smsCodeSchema,
    inviteCode: z
      .string({ error: '邀请码不能为空' })
      .trim()
      .min(1, '邀请码不能为空')
      .max(32, '邀请码格式错误'),
    name: checked(validators.chineseName).optional(),
  })
  .superRefine(newPasswordOf('password', 'mobile'));
export type RegisterRequest = z.infer<typeof registerRequest>;

/** The new agent's id (POST /api/ag/agent/info/apiAdd -> data). */
export const registerResponse = z.object({ id: z.number() });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const resetPasswordRequest = z
  .object({
    mobile: mobileSchema,
    smsCode: smsCodeSchema,
    password: newPasswordSchema,
  })
  .superRefine(newPasswordOf('password', 'mobile'));
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z
  .object({
    oldPassword: z
      .string({ error: '原密码不能为空' })
      .min(1, '原密码不能为空')
      .max(64, '原密码错误'),
    // The rule about the mobile is checked by the server, which knows the caller's.
    newPassword: newPasswordSchema,
  })
  // Comparing the two inputs is enough: the old one must match the stored password anyway.
  .refine((v) => v.newPassword !== v.oldPassword, {
    message: '新密码不能与原密码相同',
    path: ['newPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const SMS_SCENES = ['register', 'resetPwd', 'login', 'settle', 'payPwd'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];
/** Scenes a caller without a token may ask a code for (GET /api/ag/my/center/sendSMS2). */
export const PUBLIC_SMS_SCENES = ['register', 'resetPwd', 'login'] as const;
/** Scenes whose code goes to the signed-in agent's own mobile (GET /api/ag/my/center/sendSMS). */
export const OWN_SMS_SCENES = ['payPwd', 'settle'] as const;

export const sendSmsQuery = z.object({
  mobile: mobileSchema,
  scene: z.enum(PUBLIC_SMS_SCENES, { message: '短信场景不正确' }).default('register'),
});
export type SendSmsQuery = z.infer<typeof sendSmsQuery>;

export const sendOwnSmsQuery = z.object({
  scene: z.enum(OWN_SMS_SCENES, { message: '短信场景不正确' }),
});
export type SendOwnSmsQuery = z.infer<typeof sendOwnSmsQuery>;

/** What the app needs for its resend countdown. */
export const sendSmsResponse = z.object({
  expiresInSeconds: z.number(),
  resendAfterSeconds: z.number(),
});
export type SendSmsResponse = z.infer<typeof sendSmsResponse>;

/** Agent info (GET /api/ag/my/center/info -> data.info). Sensitive values arrive masked. */
export const agentInfo = z.object({
  id: z.number(),
  mobile: z.string(),
  name: z.string(),
  level: z.number(),
  levelName: z.string(),
  inviteCode: z.string(),
  parentId: z.number().nullable(),
  parentName: z.string().nullable(),
  realNameVerified: z.boolean(),
  idCardMasked: z.string().nullable(),
  isSpecificAccount: z.boolean(),
  mustChangePassword: z.boolean(),
  hasPayPassword: z.boolean(),
  createdAt: z.string(),
});
export type AgentInfo = z.infer<typeof agentInfo>;

/** Role info (GET /getInfo). */
export const roleInfo = z.object({
  user: z.object({ userId: z.number(), userName: z.string(), nickName: z.string() }),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  isSpecificAccount: z.boolean(),
});
export type RoleInfo = z.infer<typeof roleInfo>;

export const agentLevel = z.object({ level: z.number().int(), name: z.string() });
export type AgentLevel = z.infer<typeof agentLevel>;

/** GET /api/ag/my/center/info -> data. */
export const agentInfoResponse = z.object({ info: agentInfo });
export type AgentInfoResponse = z.infer<typeof agentInfoResponse>;
