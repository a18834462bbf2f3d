/** Chinese texts, grouped by feature. Each key has its English twin in en.ts. */
export const zh = {
  tab: { home: '首页', terminal: '终端', data: '数据', mine: '我的' },
  common: {
    loading: '加载中...',
    empty: '暂无数据',
    retry: '重试',
    confirm: '确定',
    cancel: '取消',
    back: '返回',
    notAvailable: '该功能即将上线',
    notAvailableDesc: '此页面正在建设中，敬请期待。',
    chunkError: '页面加载失败',
    chunkErrorDesc: '网络不稳定或版本已更新，请重试。',
    pageError: '页面出错了',
    noMore: '没有更多了',
    pullToRefresh: '下拉刷新',
  },
};
export type Messages = typeof zh;
