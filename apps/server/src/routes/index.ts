import { PASSWORD_CHANGE_REQUIRED } from '@pos/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { authenticate, rememberedCaller, type Caller } from '../plugins/auth';
import { chooseSmsSender } from '../modules/sms/choose-sms-sender';
import type { SmsSender } from '../modules/sms/sms-sender';
import { authProtectedRoutes, authPublicRoutes } from './auth/auth.routes';
import { centerProtectedRoutes, centerPublicRoutes } from './center/center.routes';
import { devRoutes } from './dev/dev.routes';
import { notifyRoutes } from './transactions/notify.routes';
import { channelNotifyRoutes } from './channels/channel-notify.routes';
import { alipayNotifyRoutes } from './mall/alipay-notify.routes';
import { payNotifyRoutes } from './mall/pay-notify.routes';
import { wechatPayNotifyRoutes } from './mall/wechatpay-notify.routes';
import { tradeRoutes } from './transactions/trade.routes';
import { walletRoutes } from './wallet/wallet.routes';
import { statsRoutes } from './stats/stats.routes';
import { rankRoutes } from './rank/rank.routes';
import { messageRoutes } from './message/message.routes';
import { exportRoutes } from './exports/exports.routes';
import { supportRoutes } from './support/support.routes';
import { schoolRoutes } from './school/school.routes';
import { checksRoutes } from './checks/checks.routes';
import { homeRoutes } from './home/home.routes';
import { systemProtectedRoutes, systemPublicRoutes } from './system/system.routes';
import { merchantRoutes } from './merchants/merchants.routes';
import { scanProtectedRoutes, scanPublicRoutes } from './scan/scan.routes';
import { terminalRoutes } from './terminals/terminals.routes';
import { creditRoutes } from './terminals/credit.routes';
import { rewardSchemeRoutes } from './reward-schemes/reward-schemes.routes';
import { teamProtectedRoutes, teamPublicRoutes } from './team/team.routes';
import { policiesProtectedRoutes, policiesPublicRoutes } from './policies';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';
import { settleAccountRoutes } from './settle-accounts/settle-accounts.routes';
import { adminRoutes } from './admin';
import { filesPublicRoutes } from './files/files.routes';
import { mallRoutes } from './mall/mall.routes';
import { locationRoutes } from './location/location.routes';
import { pushRoutes } from '../modules/push/push.routes';

/** Calls allowed while the caller still has to replace an initial password. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set([
  '/prod-api/api/ag/my/center/changePwd',
  '/prod-api/api/ag/my/center/info',
  '/prod-api/getInfo',
  '/prod-api/api/logout',
  '/prod-api/api/ag/agent/open/policy/info',
]);

/**
 * Every API route. Public routes need no token; every other route sits in the authenticated
 * scope, whose hook puts the caller (and with it the caller's data scope) on the request, so no
 * route can forget to check it.
 */
export async function apiRoutes(app: FastifyInstance) {
  // The sender SMS_GATEWAY names, unless the app was built with one already.
  if (!app.hasDecorator('sms')) {
    app.decorate<SmsSender>('sms', chooseSmsSender(app.config, app.db, app.log));
  }

  await app.register(async (pub) => {
    await pub.register(authPublicRoutes);
    await pub.register(centerPublicRoutes);
    await pub.register(systemPublicRoutes);
    await pub.register(scanPublicRoutes);
    await pub.register(teamPublicRoutes);
    await pub.register(policiesPublicRoutes);
    await pub.register(notifyRoutes);
    await pub.register(channelNotifyRoutes);
    await pub.register(payNotifyRoutes);
    await pub.register(alipayNotifyRoutes);
    await pub.register(wechatPayNotifyRoutes);
    await pub.register(filesPublicRoutes);
    if (app.config.smsOutboxApi) await pub.register(devRoutes);
  });

  // The operators' console API: operators only, its own sign-in, sessions and permissions.
  await app.register(adminRoutes, { prefix: '/admin' });

  await app.register(async (priv) => {
    /** Until the initial password is changed, only the routes that lead there answer. */
    const gate = (caller: Caller, request: FastifyRequest) => {
      const route = request.routeOptions.url ?? '';
      if (caller.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(route)) {
        return new AppError('PRECONDITION_REQUIRED', '请先修改初始密码', {
          reason: PASSWORD_CHANGE_REQUIRED,
        });
      }
      return undefined;
    };
    // A callback hook: a caller known from memory (the usual case) passes without a promise.
    priv.addHook('onRequest', (request, _reply, done) => {
      let remembered: Caller | undefined;
      try {
        remembered = rememberedCaller(app, request);
      } catch (error) {
        return done(error as Error);
      }
      if (remembered) return done(gate(remembered, request));
      authenticate(app, request).then(
        (caller) => done(gate(caller, request)),
        (error: Error) => done(error),
      );
    });
    await priv.register(authProtectedRoutes);
    await priv.register(centerProtectedRoutes);
    await priv.register(systemProtectedRoutes);
    await priv.register(terminalRoutes);
    await priv.register(creditRoutes);
    await priv.register(rewardSchemeRoutes);
    await priv.register(mallRoutes);
    await priv.register(merchantRoutes);
    await priv.register(scanProtectedRoutes);
    await priv.register(homeRoutes);
    await priv.register(teamProtectedRoutes);
    await priv.register(policiesProtectedRoutes);
    await priv.register(walletRoutes);
    await priv.register(tradeRoutes);
    await priv.register(statsRoutes);
    await priv.register(rankRoutes);
    await priv.register(messageRoutes);
    await priv.register(exportRoutes);
    await priv.register(supportRoutes);
    await priv.register(schoolRoutes);
    await priv.register(checksRoutes);
    await priv.register(withdrawalRoutes);
    await priv.register(settleAccountRoutes);
    await priv.register(locationRoutes);
    await priv.register(pushRoutes);
  });
}
