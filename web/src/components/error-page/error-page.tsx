import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export interface ErrorPageProps {
  code?: 404 | 403 | 500;
  detail?: string;
}

/** Spec point 2: an error code, the title 'Ooops... looks like an error occurred!' and a go-back-home button. */
export function ErrorPage({ code = 404, detail }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={code === 500 ? '500' : code === 403 ? '403' : '404'}
      title={
        <>
          <div data-testid="error-page-code" style={{ fontSize: 48, fontWeight: 700 }}>
            {code}
          </div>
          <div data-testid="error-page-title">{t('errors.pageTitle')}</div>
        </>
      }
      subTitle={detail}
      extra={
        <Button type="primary" data-testid="error-page-go-home" onClick={() => navigate('/app/home')}>
          {t('errors.goBackHome')}
        </Button>
      }
    />
  );
}
