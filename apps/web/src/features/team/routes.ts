import type { PageRoutes } from '@/lib/routing';

/** Sub-agents, invitations (the registration and download pages open without signing in) and team data. */
export const teamRoutes: PageRoutes = {
  '/pages/home/myAgent/index': { load: () => import('./pages/my-agent-page') },
  '/pages/home/myAgent/agentDetail': { load: () => import('./pages/agent-detail-page') },
  '/pages/home/myAgent/addAgent': { load: () => import('./pages/add-agent-page') },
  '/pages/home/invitation/index': { load: () => import('./pages/invitation-page') },
  '/pages/home/invitation/invitationRegistered': {
    load: () => import('./pages/invitation-registered-page'),
    public: true,
  },
  '/pages/home/invitation/down-app': { load: () => import('./pages/down-app-page'), public: true },
  '/pages/home/invitation/down-app-webview': {
    load: () => import('./pages/down-app-webview-page'),
    public: true,
  },
  '/pages/home/invitation/downIos': { load: () => import('./pages/down-ios-page'), public: true },
  '/pages/data/team-info': { load: () => import('./pages/team-info-page') },
  '/pages/data/team-detail': { load: () => import('./pages/team-detail-page') },
};
