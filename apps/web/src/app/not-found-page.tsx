import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from '@/lib/router';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="page-error" data-testid="not-found">
      <ErrorBlock status="empty" title="404" description="页面不存在 / Page not found">
        <Button
          color="primary"
          onClick={() => navigate('/pages/home/home/index', { replace: true })}
        >
          返回首页
        </Button>
      </ErrorBlock>
    </div>
  );
}
