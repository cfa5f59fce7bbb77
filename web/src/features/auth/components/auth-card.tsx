import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3} data-testid="auth-title">
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
}
