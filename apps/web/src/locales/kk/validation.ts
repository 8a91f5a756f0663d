import type { Translation } from '../translation';

export const validation: Translation['Validation'] = {
  required: 'Міндетті өріс',
  invalid_email: 'Дұрыс e-mail мекенжайын енгізіңіз',
  password_too_short: 'Құпиясөз кемінде 8 таңбадан тұруы керек',
  password_too_long: 'Құпиясөз 128 таңбадан аспауы керек',
  password_common:
    'Бұл құпиясөз тым кең таралған немесе оны табу оңай. Бір-бірімен байланысы жоқ бірнеше сөзді қолданып көріңіз.',
  password_like_email:
    'Құпиясөз e-mail мекенжайыңызбен немесе оның @ белгісіне дейінгі бөлігімен бірдей болмауы керек',
  password_like_service: 'Құпиясөз казино атауы болмауы керек',
  invalid_name: 'Тек әріптер; ішінде бос орын, дефис және апостроф қолдануға болады',
  name_too_long: 'Ең көбі 50 таңба',
  invalid_date: 'Дұрыс күнді енгізіңіз',
  underage: 'Сізге кемінде 18 жас болуы керек',
  invalid_value: 'Жарамсыз мән',
  unknown_field: 'Бұл өріс қабылданбайды',
  invalid_characters: 'Мәтінде рұқсат етілмеген таңба бар',
  invalid_country: 'Елдің екі әріпті кодын енгізіңіз',
  invalid_amount: 'Дұрыс соманы енгізіңіз',
  whole_amount: 'Тек бүтін сома, тиынсыз',
  minimum_amount: 'Ең аз сома — {{amount}} {{currency}}',
  maximum_amount: 'Ең көп сома — {{amount}} {{currency}}',
  invalid_phone: 'Дұрыс телефон нөмірін енгізіңіз',
  invalid_card: 'Карта нөмірі 16 цифрдан тұруы керек',
  invalid_format: 'Қате формат',
  invalid_address: 'Мекенжай желі форматына сәйкес келмейді',
  invalid_full_name_latin: 'Тек латын әріптері, бос орын және дефис',
  file_too_large: 'Файл тым үлкен (ең көбі 5 МБ)',
  invalid_file: 'Сурет файлын таңдаңыз',
  insufficient_balance: 'Комиссияны қоса есептегенде баланста қаражат жеткіліксіз',
};
