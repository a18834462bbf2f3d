/** A real 404 page for paths that are not routes of the product (no script, works anywhere). */
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>页面不存在 - 404</title>
<style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center;background:#f5f6f8;color:#333}
main{text-align:center;padding:24px}h1{font-size:48px;margin:0;color:#1677ff}a{color:#1677ff}</style></head>
<body><main><h1>404</h1><p>页面不存在 / Page not found</p><p><a href="/pages/home/home/index">返回首页 / Home</a></p></main></body></html>`;
