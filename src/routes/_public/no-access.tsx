import { createFileRoute } from '@tanstack/react-router';
import { NoAccessPage } from '../../features/session/sign-in/no-access-page';

export const Route = createFileRoute('/_public/no-access')({ component: NoAccessPage });
