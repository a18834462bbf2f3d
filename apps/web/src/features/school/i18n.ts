import { i18n } from '@/lib/i18n';

const zh = {
  title: '商学院',
  detail: '详情',
  all: '全部',
  empty: '暂无内容',
  favorites: '我的收藏',
  favoritesEmpty: '还没有收藏，看到有用的内容点“收藏”即可',
  materials: '素材库',
  materialsEmpty: '暂无素材',
  favourite: '收藏',
  favourited: '已收藏',
  download: '下载',
  downloaded: '已下载，图片已保存',
  copyText: '复制文案',
  missing: '内容不存在或已下架',
  videoUnsupported: '当前环境无法播放视频',
  entry: '商学院',
};

const en: typeof zh = {
  title: 'Business school',
  detail: 'Details',
  all: 'All',
  empty: 'Nothing here yet',
  favorites: 'My favourites',
  favoritesEmpty: 'No favourites yet. Tap “Favourite” on anything useful',
  materials: 'Material library',
  materialsEmpty: 'No materials yet',
  favourite: 'Favourite',
  favourited: 'Favourited',
  download: 'Download',
  downloaded: 'Downloaded; the images are saved',
  copyText: 'Copy text',
  missing: 'This item does not exist or was taken down',
  videoUnsupported: 'This device cannot play the video',
  entry: 'Business school',
};

i18n.addResourceBundle('zh', { school: zh });
i18n.addResourceBundle('en', { school: en });
