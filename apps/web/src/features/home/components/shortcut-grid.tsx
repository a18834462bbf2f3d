import {
  AddCircleOutline,
  AppstoreOutline,
  BankcardOutline,
  BillOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  ContentOutline,
  EditSOutline,
  FileOutline,
  FireFill,
  HistogramOutline,
  LinkOutline,
  PieOutline,
  ReceiptOutline,
  ScanCodeOutline,
  SendOutline,
  GiftOutline,
  GlobalOutline,
  ShopbagOutline,
  TagOutline,
  TeamOutline,
  UndoOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserContactOutline,
  CalculatorOutline,
  TruckOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';

interface Shortcut {
  key: string;
  path: string;
  icon: ReactNode;
  /** Tile colour. */
  color: string;
}

interface Group {
  key: 'groupTerminal' | 'groupMerchant' | 'groupTeam';
  items: Shortcut[];
}

const BLUE = '#1677ff';
const CYAN = '#13c2c2';
const GREEN = '#00b578';
const ORANGE = '#ff8f1f';
const RED = '#fa5151';
const PURPLE = '#7c5cfc';
const INDIGO = '#3f51e8';
const GOLD = '#e8a317';

/** Every feature of the product, grouped the way an agent works: stock, merchants, team and money. */
export const SHORTCUT_GROUPS: Group[] = [
  {
    key: 'groupTerminal',
    items: [
      {
        key: 'terminalManage',
        path: '/pages/terminal/index',
        icon: <AppstoreOutline />,
        color: BLUE,
      },
      {
        key: 'terminalList',
        path: '/pages/home/terminal/terminalList',
        icon: <UnorderedListOutline />,
        color: CYAN,
      },
      {
        key: 'terminalOperation',
        path: '/pages/home/terminal/operation',
        icon: <SendOutline />,
        color: INDIGO,
      },
      {
        key: 'operationRecords',
        path: '/pages/home/terminal/termOperatHistory',
        icon: <FileOutline />,
        color: PURPLE,
      },
      {
        key: 'recallRecords',
        path: '/pages/home/terminal/termBackList',
        icon: <UndoOutline />,
        color: ORANGE,
      },
      {
        key: 'bindTerminal',
        path: '/pages/home/terminal/terminalBind',
        icon: <LinkOutline />,
        color: GREEN,
      },
      { key: 'scan', path: '/pages/login/sancode/sancode', icon: <ScanCodeOutline />, color: BLUE },
      { key: 'mall', path: '/pages/mall/index', icon: <TruckOutline />, color: RED },
    ],
  },
  {
    key: 'groupMerchant',
    items: [
      { key: 'merchants', path: '/pages/home/data/merch', icon: <ShopbagOutline />, color: ORANGE },
      {
        key: 'merchStandard',
        path: '/pages/home/tripartiteData/merchStandardCheck',
        icon: <CheckShieldOutline />,
        color: GREEN,
      },
      {
        key: 'activationCheck',
        path: '/pages/home/tripartiteData/activationCheck',
        icon: <FireFill />,
        color: RED,
      },
      {
        key: 'openPolicy',
        path: '/pages/home/policy/open',
        icon: <AddCircleOutline />,
        color: BLUE,
      },
      {
        key: 'queryPolicy',
        path: '/pages/home/policy/queryPolicy',
        icon: <ContentOutline />,
        color: INDIGO,
      },
      {
        key: 'updateRate',
        path: '/pages/home/home/updateRate',
        icon: <EditSOutline />,
        color: PURPLE,
      },
      {
        key: 'terminalRate',
        path: '/pages/home/policy/changeMerchRate',
        icon: <CalculatorOutline />,
        color: CYAN,
      },
      {
        key: 'serviceFee',
        path: '/pages/home/policy/changeServiceFee',
        icon: <TagOutline />,
        color: GOLD,
      },
      {
        key: 'commFee',
        path: '/pages/home/policy/changeCommFee',
        icon: <GlobalOutline />,
        color: GREEN,
      },
      {
        key: 'priceShare',
        path: '/pages/home/price-property/price-property',
        icon: <PieOutline />,
        color: RED,
      },
      {
        key: 'merchantSupplement',
        path: '/pages/home/merchantSupplement/index',
        icon: <ReceiptOutline />,
        color: ORANGE,
      },
      {
        key: 'identification',
        path: '/pages/home/identification/index',
        icon: <UserContactOutline />,
        color: BLUE,
      },
    ],
  },
  {
    key: 'groupTeam',
    items: [
      { key: 'myAgents', path: '/pages/home/myAgent/index', icon: <TeamOutline />, color: BLUE },
      {
        key: 'addAgent',
        path: '/pages/home/myAgent/addAgent',
        icon: <UserAddOutline />,
        color: GREEN,
      },
      {
        key: 'invitation',
        path: '/pages/home/invitation/index',
        icon: <GiftOutline />,
        color: ORANGE,
      },
      {
        key: 'statistics',
        path: '/pages/home/statistics/index',
        icon: <HistogramOutline />,
        color: PURPLE,
      },
      { key: 'trading', path: '/pages/home/trading/index', icon: <BillOutline />, color: CYAN },
      { key: 'wallet', path: '/pages/earnings/index', icon: <CollectMoneyOutline />, color: GOLD },
      {
        key: 'withdraw',
        path: '/pages/earnings/earningsWithdrawal',
        icon: <BankcardOutline />,
        color: RED,
      },
    ],
  },
];

/** The feature grid of the home tab: a coloured tile per feature, four to a row. */
export function ShortcutGrid() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="shortcut-groups">
      {SHORTCUT_GROUPS.map((group) => (
        <section
          key={group.key}
          className="home-card shortcut-group"
          aria-label={t(`home.${group.key}`)}
        >
          <h2 className="home-card-title">{t(`home.${group.key}`)}</h2>
          <div className="shortcut-grid">
            {group.items.map((item) => (
              <button
                key={item.key}
                type="button"
                className="shortcut"
                data-testid={`shortcut-${item.key}`}
                onClick={() => navigate(item.path)}
              >
                <span className="shortcut-icon" style={{ background: item.color }}>
                  {item.icon}
                </span>
                <span className="shortcut-label">{t(`home.shortcuts.${item.key}`)}</span>
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
