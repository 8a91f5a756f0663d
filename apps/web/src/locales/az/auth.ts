import type { Translation } from '../translation';

export const auth: Translation['Auth'] = {
  login_title: 'Yenidən xoş gəlmisiniz',
  login_subtitle: 'Oynamaq, balansı artırmaq və bonuslar almaq üçün daxil olun.',
  register_title: 'Hesab yaradın',
  register_subtitle: 'Bir neçə saniyə çəkir. Xoş gəldin bonusları sizi gözləyir.',
  email: 'E-mail',
  email_placeholder: 'you@example.com',
  password: 'Şifrə',
  password_placeholder: 'Şifrəniz',
  password_hint: 'Ən azı 8 simvol. Geniş yayılmış şifrə və ya e-mail ünvanınız olmamalıdır.',
  show_password: 'Şifrəni göstər',
  hide_password: 'Şifrəni gizlət',
  submit_login: 'Daxil ol',
  submit_register: 'Hesab yarat',
  terms_notice:
    'Hesab yaratmaqla 18 yaşınızın tamam olduğunu təsdiqləyir və <terms>istifadə şərtlərini</terms> qəbul edirsiniz.',
  login_success: 'Yenidən xoş gəlmisiniz!',
  register_success: 'Hesabınız hazırdır. Uğurlar!',
  login_tab: 'Giriş',
  register_tab: 'Qeydiyyat',
};
