import { z } from 'zod';
import { validators } from '../validators';

/** Turns a core validator into a zod refinement that carries the spec's exact message. */
export const checked = (check: (v: string) => string | null) =>
  z.string().superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const mobileSchema = checked(validators.mobile);
export const passwordSchema = checked(validators.password);
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

export const registerRequest = z.object({
  mobile: mobileSchema,
  password: passwordSchema,
  smsCode: smsCodeSchema,
  inviteCode: z.string().trim().min(1, '邀请码不能为空').max(32, '邀请码格式错误'),
  name: checked(validators.chineseName).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const resetPasswordRequest = z.object({
  mobile: mobileSchema,
  smsCode: smsCodeSchema,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z.object({
  oldPassword: z.string().min(1, '原密码不能为空'),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const SMS_SCENES = ['register', 'resetPwd', 'login', 'settle', 'payPwd'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

export const sendSmsQuery = z.object({
  mobile: mobileSchema,
  scene: z.enum(SMS_SCENES, { message: '短信场景不正确' }).default('register'),
});
export type SendSmsQuery = z.infer<typeof sendSmsQuery>;

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

export const appUpdate = z.object({
  title: z.string(),
  contents: z.string(),
  is_mandatory: z.boolean(),
  url: z.string(),
  platform: z.string(),
  type: z.string(),
  version: z.string(),
});
export type AppUpdate = z.infer<typeof appUpdate>;

export const appUpdateQuery = z.object({
  version: z.string().regex(/^\d+\.\d+\.\d+$/, '版本号格式错误').default('0.0.0'),
  platform: z.enum(['android', 'ios', 'h5'], { message: '平台不正确' }).default('h5'),
});

export const banner = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  bannerType: z.number(),
  isShow: z.boolean(),
  content: z.string(),
  sort: z.number(),
});
export type Banner = z.infer<typeof banner>;

export const notice = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const appConfig = z.object({
  domain: z.string(),
  appName: z.string(),
  serverVersion: z.string(),
  clearVersion: z.string(),
  servicePhone: z.string(),
  androidUrl: z.string(),
  iosUrl: z.string(),
  sharePoster: z.object({ isShow: z.boolean(), imageUrl: z.string() }),
});
export type AppConfig = z.infer<typeof appConfig>;
