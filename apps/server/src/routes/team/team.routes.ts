import {
  addAgentRequest,
  addAgentResponse,
  deptQuery,
  deptResponse,
  envelopeOf,
  invitationInfo,
  inviterInfo,
  inviterQuery,
  ok,
  teamAgentDetail,
  teamAgentQuery,
  teamLevelsResponse,
  teamListQuery,
  teamListResponse,
  teamStatsQuery,
  teamStatsResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAgent } from '../../modules/team/add-agent';
import { findInviter } from '../../modules/team/find-inviter';
import { getAgentDetail } from '../../modules/team/get-agent-detail';
import { getDept } from '../../modules/team/get-dept';
import { getInvitation } from '../../modules/team/get-invitation';
import { getTeamStats } from '../../modules/team/get-team-stats';
import { listLevels } from '../../modules/team/list-levels';
import { listTeam } from '../../modules/team/list-team';
import { callerOf } from '../../plugins/auth';

const tags = ['team'];
const security = [{ bearer: [] }];

/** The page an invitation link opens, before anyone signs in. */
export const teamPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/invitation/inviter',
    {
      schema: {
        tags,
        summary: 'The inviter behind an invitation code (masked name); no token',
        querystring: inviterQuery,
        response: { 200: envelopeOf(inviterInfo) },
      },
    },
    async (request) => ok(await findInviter(app.db, request.query.inviteCode, request.ip)),
  );
};

/** Sub-agents, team structure and statistics, invitations: all scoped to the caller's subtree. */
export const teamProtectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/myAgent/list',
    {
      schema: {
        tags,
        summary:
          'Direct sub-agents of the caller or of an agent of its subtree, with team figures (keyset pages)',
        security,
        querystring: teamListQuery,
        response: { 200: envelopeOf(teamListResponse) },
      },
    },
    async (request) => ok(await listTeam(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/myAgent/detail',
    {
      schema: {
        tags,
        summary: "An agent of the caller's subtree: profile (masked), level, policies, figures",
        security,
        querystring: teamAgentQuery,
        response: { 200: envelopeOf(teamAgentDetail) },
      },
    },
    async (request) => ok(await getAgentDetail(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/ag/myAgent/levels',
    {
      schema: {
        tags,
        summary:
          'Agent levels (system parameter agent_common_level) and those the caller may assign',
        security,
        response: { 200: envelopeOf(teamLevelsResponse) },
      },
    },
    async (request) => ok(await listLevels(app.db, callerOf(request))),
  );

  app.post(
    '/api/ag/myAgent/add',
    {
      schema: {
        tags,
        summary: 'Add a direct sub-agent; answers its initial password once',
        security,
        body: addAgentRequest,
        response: { 200: envelopeOf(addAgentResponse) },
      },
    },
    async (request) =>
      ok(
        await addAgent(app.db, callerOf(request), request.body, {
          cipher: app.cipher,
          scryptCost: app.config.scryptCost,
        }),
        '添加成功',
      ),
  );

  app.get(
    '/api/ag/myAgent/stats',
    {
      schema: {
        tags,
        summary: "A month of the caller's team (or of an agent of its subtree): own, team, trend",
        security,
        querystring: teamStatsQuery,
        response: { 200: envelopeOf(teamStatsResponse) },
      },
    },
    async (request) => ok(await getTeamStats(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/my/center/dept',
    {
      schema: {
        tags,
        summary:
          'Team structure: totals, level counts, direct sub-agents with child counts and sizes',
        security,
        querystring: deptQuery,
        response: { 200: envelopeOf(deptResponse) },
      },
    },
    async (request) => ok(await getDept(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/ag/invitation/info',
    {
      schema: {
        tags,
        summary: "The caller's invitation code, for the invitation link, QR code and poster",
        security,
        response: { 200: envelopeOf(invitationInfo) },
      },
    },
    async (request) => ok(await getInvitation(app.db, callerOf(request))),
  );
};
